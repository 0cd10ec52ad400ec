import { useMutation } from '@tanstack/react-query';
import { placeStoreOrderEndpoint, type PlaceStoreOrderBody } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/public/storefronts/:slug/orders`: 201 with the order's token, and where or how to pay. */
export const placeStoreOrder = (slug: string, body: PlaceStoreOrderBody) =>
  call(placeStoreOrderEndpoint, { params: { slug }, body, allowUnauthorized: true }).then((answer) => answer.data);

export const usePlaceStoreOrder = (slug: string) => useMutation({ mutationFn: (body: PlaceStoreOrderBody) => placeStoreOrder(slug, body) });
