#!/usr/bin/env python3
"""A scripted LSP session with a clangd binary, as an editor runs one:
initialize, initialized, didOpen FILE, wait for its publishDiagnostics, then
shutdown and exit. Prints one line per diagnostic:

  LINE:COL: SEVERITY: MESSAGE [SOURCE CODE]
      docs: HREF                          (codeDescription)
      related: [FILE:]LINE:COL: MESSAGE   (relatedInformation, the notes; FILE
                                           when not the file opened)
      fix-it: TITLE                       (code actions carried in the diagnostic)

and the server's exit status. Lines and columns are 1-based.

  lsp-session.py CLANGD FILE [CLANGD ARGS...]
"""
import json
import os
import subprocess
import sys
import threading

SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "hint"}
TIMEOUT = 300


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(proc.stdout.read(length))


def main():
    clangd, path = sys.argv[1], os.path.abspath(sys.argv[2])
    uri = "file://" + path
    proc = subprocess.Popen([clangd] + sys.argv[3:], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    timer = threading.Timer(TIMEOUT, proc.kill)
    timer.start()
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + os.path.dirname(path),
        "capabilities": {"textDocument": {"publishDiagnostics": {
            "relatedInformation": True, "codeActionsInline": True}}}}})
    while True:
        reply = receive(proc)
        if reply is None or reply.get("id") == 1:
            break
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    with open(path) as f:
        text = f.read()
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "cuda", "version": 1, "text": text}}})
    diagnostics = None
    while diagnostics is None:
        message = receive(proc)
        if message is None:
            break
        if (message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == uri):
            diagnostics = message["params"]["diagnostics"]
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    while True:
        reply = receive(proc)
        if reply is None or reply.get("id") == 2:
            break
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    status = proc.wait()
    timer.cancel()
    if diagnostics is None:
        print("no publishDiagnostics for " + path)
        sys.exit(1)
    for d in diagnostics:
        start = d["range"]["start"]
        print("%d:%d: %s: %s [%s %s]" % (
            start["line"] + 1, start["character"] + 1,
            SEVERITY.get(d.get("severity"), "?"), d["message"],
            d.get("source", ""), d.get("code", "")))
        if "codeDescription" in d:
            print("    docs: " + d["codeDescription"]["href"])
        for r in d.get("relatedInformation", []):
            s = r["location"]["range"]["start"]
            where = ""
            if r["location"]["uri"] != uri:
                where = os.path.basename(r["location"]["uri"]) + ":"
            print("    related: %s%d:%d: %s" % (where, s["line"] + 1,
                                               s["character"] + 1, r["message"]))
        for action in d.get("codeActions", []):
            print("    fix-it: " + action["title"])
    print("exit status %d" % status)


if __name__ == "__main__":
    main()
