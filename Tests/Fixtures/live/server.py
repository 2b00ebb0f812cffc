#!/usr/bin/env python3
"""A loopback HTTPS server for `check --live` tests: serves the association files of a folder
under scenario prefixes, each answering as a misconfigured site would.

    python3 server.py FOLDER    # prints the port it listens on, then serves until stdin closes

  /good/.well-known/NAME        FOLDER/NAME as application/json
  /redirect/.well-known/NAME    301 to /good/.well-known/NAME
  /wrongtype/.well-known/NAME   FOLDER/NAME as text/html
  /large/.well-known/NAME       200 KB of valid JSON
  /invalid/.well-known/NAME     '{ not json' as application/json
  anything else                 404
"""
import http.server
import os
import ssl
import sys
import threading

here = os.path.dirname(os.path.abspath(__file__))
folder = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = self.path.split("/")
        if len(parts) != 4 or parts[2] != ".well-known":
            return self.send(404, b"not found", "text/plain")
        scenario, name = parts[1], parts[3]
        path = os.path.join(folder, os.path.basename(name))
        if scenario == "redirect":
            return self.send(301, b"", "text/plain", [("Location", f"/good/.well-known/{name}")])
        if scenario == "large":
            return self.send(200, b'{"pad": "' + b"x" * 200_000 + b'"}')
        if scenario == "invalid":
            return self.send(200, b"{ not json")
        if not os.path.exists(path):
            return self.send(404, b"not found", "text/plain")
        with open(path, "rb") as file:
            body = file.read()
        self.send(200, body, "text/html" if scenario == "wrongtype" else "application/json")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(os.path.join(here, "server.pem"), os.path.join(here, "server-key.pem"))
server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
# The server ends when its standard input closes: when the test that started it ends, however it
# ends (a launcher between them, such as pyenv's, may not pass a signal on).
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server.serve_forever()
