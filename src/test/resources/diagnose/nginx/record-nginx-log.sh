#!/usr/bin/env bash
# Records storm-access.log with Debian's nginx (apt-get install nginx curl): limit_req at 2 requests per second,
# 429 with Retry-After: 1; one client honours Retry-After, two retry 20 ms after each 429. Every request carries a
# made-up bearer token and an access_token in its query, which nginx logs: no output of the diagnosis may show them.
# Run from this folder: ./record-nginx-log.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
mkdir -p "$prefix/logs" "$prefix/conf" "$prefix/tmp"
cat > "$prefix/conf/nginx.conf" <<CONF
worker_processes 1;
daemon off;
error_log logs/error.log warn;
pid logs/nginx.pid;
events { worker_connections 256; }
http {
  client_body_temp_path tmp/body; proxy_temp_path tmp/proxy; fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;
  log_format storm '\$remote_addr [\$time_local] \$msec \$request_time "\$request" \$status "\$sent_http_retry_after" "\$http_x_client_id" "\$http_authorization"';
  limit_req_zone \$server_name zone=storm:1m rate=2r/s;
  server {
    listen 127.0.0.1:$port;
    server_name storm;
    access_log logs/access.log storm;
    location / {
      limit_req zone=storm;
      limit_req_status 429;
      error_page 429 = @throttled;
      empty_gif;
    }
    location @throttled {
      add_header Retry-After 1 always;
      return 429;
    }
  }
}
CONF
nginx -p "$prefix/" -c conf/nginx.conf &
nginx_pid=$!
trap 'kill $nginx_pid 2>/dev/null || true; rm -rf "$prefix"' EXIT
sleep 1

# client NAME PAUSE_AFTER_429 REQUESTS: each logical request is retried until it gets 200, at most 6 attempts.
client() {
  local name=$1 pause=$2 count=$3
  for i in $(seq 1 "$count"); do
    for attempt in 1 2 3 4 5 6; do
      status=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Client-Id: $name" \
        -H "Authorization: Bearer made-up-bearer-$name" \
        "http://127.0.0.1:$port/api/$name/item/$i?access_token=made-up-token-$name")
      if [ "$status" = 200 ]; then break; fi
      sleep "$pause"
    done
  done
}
client patient 1.05 8 & patient=$!
client eager-a 0.02 12 & eager_a=$!
client eager-b 0.02 12 & eager_b=$!
wait $patient $eager_a $eager_b
cp "$prefix/logs/access.log" "$here/storm-access.log"
echo "wrote $here/storm-access.log: $(wc -l < "$here/storm-access.log") lines"
