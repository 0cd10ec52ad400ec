#!/usr/bin/env bash
# A PgBouncer of its own in front of a PostgreSQL server, for the pooled test pass (scripts/test.sh)
# and the bench's pooled rows: a config in a temporary folder, a free port on 127.0.0.1, every
# database of the server behind it (`* =`), started as the `postgres` user when run as root
# (PgBouncer refuses to run as root).
#
#   scripts/pgbouncer.sh start <postgres-url> [transaction|session]
#       prints the folder it runs from (its config, log and pid file) and, on a second line, the
#       pooler's connection string (the same user, database and password as <postgres-url>).
#   scripts/pgbouncer.sh stop <folder>
#
# PGBOUNCER_POOL_SIZE (default 20): server connections per database and user (default_pool_size).
#
# Authentication: the pooler trusts its clients (auth_type = trust, the user still listed in
# userlist.txt) and logs in to the server as they do, with the password of <postgres-url> if it
# has one. Meant for a machine of its own (CI, a bench): it listens on 127.0.0.1 only.
set -euo pipefail

command=${1:-}
case "$command" in
  start)
    url=${2:?usage: scripts/pgbouncer.sh start <postgres-url> [transaction|session]}
    mode=${3:-transaction}
    command -v pgbouncer >/dev/null || { echo 'pgbouncer is not installed (Debian: apt-get install pgbouncer)' >&2; exit 1; }
    # host, port, user and password of the server, as libpq would read them from the URL.
    read -r host port user password < <(node -e '
      const u = new URL(process.argv[1]);
      const d = (s) => decodeURIComponent(s);
      console.log([u.hostname || "127.0.0.1", u.port || "5432", d(u.username) || "postgres", d(u.password) || "-"].join(" "));
    ' "$url")
    listen=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
    dir=$(mktemp -d -t panel-pgbouncer-XXXXXX)
    server_password=''
    [ "$password" != '-' ] && server_password=" password=$password"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$host port=$port$server_password

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = $mode
max_client_conn = 2000
default_pool_size = ${PGBOUNCER_POOL_SIZE:-20}
server_idle_timeout = 30
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
    printf '"%s" ""\n' "$user" >"$dir/userlist.txt"
    if [ "$(id -u)" = 0 ]; then
      chown -R postgres "$dir"
      runuser -u postgres -- pgbouncer -d -q "$dir/pgbouncer.ini"
    else
      pgbouncer -d -q "$dir/pgbouncer.ini"
    fi
    # Up when it answers on its port.
    for _ in $(seq 1 50); do
      if node -e 'require("net").connect(Number(process.argv[1]), "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' "$listen"; then
        echo "$dir"
        node -e 'const u = new URL(process.argv[1]); u.hostname = "127.0.0.1"; u.port = process.argv[2]; console.log(u.toString())' "$url" "$listen"
        exit 0
      fi
      sleep 0.1
    done
    echo "pgbouncer did not start; its log:" >&2
    cat "$dir/pgbouncer.log" >&2 || true
    exit 1
    ;;
  stop)
    dir=${2:?usage: scripts/pgbouncer.sh stop <folder>}
    if [ -f "$dir/pgbouncer.pid" ]; then
      pid=$(cat "$dir/pgbouncer.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$dir"
    ;;
  *)
    echo 'usage: scripts/pgbouncer.sh start <postgres-url> [transaction|session] | stop <folder>' >&2
    exit 2
    ;;
esac
