#!/usr/bin/env python3
"""A scripted LSP session with a clangd binary, as an editor runs one:
initialize, initialized, didOpen FILE, wait for its publishDiagnostics, ask
for the hovers, then shutdown and exit. Prints one line per diagnostic:

  LINE:COL: SEVERITY: MESSAGE [SOURCE CODE]
      docs: HREF                          (codeDescription)
      related: [FILE:]LINE:COL: MESSAGE   (relatedInformation, the notes; FILE
                                           when not the file opened)
      fix-it: TITLE                       (code actions carried in the diagnostic)

then each hover's text, each line after "| ", and the server's exit status.
Lines and columns are 1-based.

  lsp-session.py CLANGD [--hover=LINE:COL]... [--markup=plaintext] FILE
                 [CLANGD ARGS...]
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


def hover(proc, uri, request_id, where):
    line, col = (int(n) - 1 for n in where.split(":"))
    send(proc, {"jsonrpc": "2.0", "id": request_id, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri},
                           "position": {"line": line, "character": col}}})
    while True:
        reply = receive(proc)
        if reply is None or reply.get("id") == request_id:
            break
    lines = ["hover %s:" % where]
    result = reply.get("result") if reply else None
    if not result:
        return lines + ["    (none)"]
    contents = result["contents"]
    lines.append("    kind: " + contents["kind"])
    return lines + ["    | " + text for text in contents["value"].splitlines()]


def main():
    clangd, args = sys.argv[1], sys.argv[2:]
    hovers = [a.split("=", 1)[1] for a in args if a.startswith("--hover=")]
    markup = "markdown"
    for a in args:
        if a.startswith("--markup="):
            markup = a.split("=", 1)[1]
    args = [a for a in args if not a.startswith(("--hover=", "--markup="))]
    path = os.path.abspath(args[0])
    uri = "file://" + path
    proc = subprocess.Popen([clangd] + args[1:], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    timer = threading.Timer(TIMEOUT, proc.kill)
    timer.start()
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + os.path.dirname(path),
        "capabilities": {"textDocument": {
            "publishDiagnostics": {"relatedInformation": True,
                                   "codeActionsInline": True},
            "hover": {"contentFormat": [markup]}}}}})
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
    hover_lines = []
    for n, where in enumerate(hovers):
        hover_lines += hover(proc, uri, 100 + n, where)
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
    for line in hover_lines:
        print(line)
    print("exit status %d" % status)


if __name__ == "__main__":
    main()
