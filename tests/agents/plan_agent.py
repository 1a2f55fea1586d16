"""A command agent in plain Python 3 (standard library only, so it runs in any sandbox): it plays a plan of tool
calls given as JSON in argv[1], speaking proact's JSON-lines protocol on stdio and MCP (JSON-RPC) inside `mcp`
lines. Also the smallest example of the protocol for agent authors.

Plan: {"sessions": {"<session id>": [{"actions": [{"tool": ..., "args": {...}}], "message": "..."}, ...]},
       "final": "reply once a session's turns are used up",
       "misbehave": {"<session id>:<turn>": "crash" | "sigkill" | "hang" | "garbage" | "silent"}}
"""

import json
import os
import signal
import sys
import time

PLAN = json.loads(sys.argv[1])
OUT = sys.stdout
IDS = iter(range(1, 1_000_000))
BACKLOG = []  # engine lines that arrived while an MCP answer was awaited


def send(message):
    OUT.write(json.dumps(message) + "\n")
    OUT.flush()


def read():
    if BACKLOG:
        return BACKLOG.pop(0)
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return json.loads(line)


def rpc(method, params):
    """One MCP request over the channel; returns its result (raises on an error answer)."""
    ident = next(IDS)
    send({"type": "mcp", "message": {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}})
    while True:
        line = sys.stdin.readline()
        if not line:
            sys.exit(0)
        message = json.loads(line)
        if message["type"] != "mcp":
            BACKLOG.append(message)
        elif message["message"].get("id") == ident:
            answer = message["message"]
            if "error" in answer:
                raise RuntimeError(answer["error"])
            return answer["result"]


def misbehave(how):
    if how == "crash":
        sys.stderr.write("plan agent: crashing on purpose\n")
        sys.exit(3)
    if how == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    if how == "hang":
        time.sleep(3600)
    if how == "garbage":
        OUT.write("this is not a protocol line\n")
        OUT.flush()
    if how == "silent":
        read()


def main():
    send({"type": "ready"})
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "plan-agent", "version": "1"}}
    rpc("initialize", init)
    send({"type": "mcp", "message": {"jsonrpc": "2.0", "method": "notifications/initialized"}})
    session, turns = "", []
    while True:
        message = read()
        if message["type"] == "session_start":
            session = message["session_id"]
            turns = list(PLAN["sessions"].get(session, []))
            listed = rpc("tools/list", {})
            sys.stderr.write(f"plan agent: {session} offers {len(listed['tools'])} tools\n")
        elif message["type"] == "user_message":
            misbehave(PLAN.get("misbehave", {}).get(f"{session}:{message['turn']}"))
            if not turns:
                send({"type": "reply", "text": PLAN.get("final", "All done for this session.")})
                continue
            turn = turns.pop(0)
            for action in turn["actions"]:
                rpc("tools/call", {"name": action["tool"], "arguments": action["args"]})
            send({"type": "reply", "text": turn["message"]})
        elif message["type"] == "session_end":
            send({"type": "session_ended"})


main()
