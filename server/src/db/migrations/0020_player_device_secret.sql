-- The hash (SHA-256) of the installation secret of the player that holds each device
-- (modules/player register). Devices registered before it stay null: the first register that
-- brings a secret claims them; a reseller's release-claim sets it back to null.
ALTER TABLE "devices" ADD COLUMN "secret_hash" text;