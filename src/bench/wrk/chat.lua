-- wrk script: POST a small chat completion to the relay (run with -H 'Authorization: Bearer sk-demo').
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"model":"storm-mini","messages":[{"role":"user","content":"Hello, relay."}]}'
