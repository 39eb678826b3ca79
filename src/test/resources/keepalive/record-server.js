// A plain Node.js http server with Node's own keep-alive default (server.keepAliveTimeout = 5 s), which closes a
// connection idle for 5 s. It answers every request with a small JSON body and keeps a record of what it read, which
// GET /record returns: the server's own word on whether a client sent a request twice. Prints its port, then serves.
const http = require('http');

const record = [];
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/record') {
      res.end(JSON.stringify(record));
      return;
    }
    record.push(req.method + ' ' + req.url);
    res.end(JSON.stringify({ ok: true, keepAliveTimeoutMs: server.keepAliveTimeout }));
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
