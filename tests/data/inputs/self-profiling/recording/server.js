const http = require('http'), fs = require('fs');
http.createServer((req, res) => {
  if (req.method === 'POST') {
    let b = ''; req.on('data', d => b += d); req.on('end', () => { fs.writeFileSync('trace.json', b); res.end('ok'); });
    return;
  }
  const f = req.url === '/page.js' ? 'page.js' : 'index.html';
  res.writeHead(200, { 'Content-Type': f.endsWith('.js') ? 'text/javascript' : 'text/html', 'Document-Policy': 'js-profiling' });
  res.end(fs.readFileSync(f));
}).listen(18765, '127.0.0.1');
