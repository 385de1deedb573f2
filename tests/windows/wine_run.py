# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs a program (under Wine) and waits for it to end, not for its pipes to close: a Wine service
that starts while it runs (rpcss.exe, explorer.exe /desktop) inherits its output pipes and outlives
it, so waiting for their end would wait for the service."""
import subprocess
import threading

GRACE = 5  # seconds for what the program printed to come out of the pipes once it ended


def run(argv, timeout=300, stdin=None, **kw):
    proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    read = {"out": [], "err": []}

    def drain(stream, into):
        for block in iter(lambda: stream.read1(1 << 16), b""):
            into.append(block)

    readers = [threading.Thread(target=drain, args=(proc.stdout, read["out"]), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, read["err"]), daemon=True)]
    for reader in readers:
        reader.start()
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        code = None
    for reader in readers:
        reader.join(GRACE)
    out = b"".join(read["out"]).decode(errors="replace")
    err = b"".join(read["err"]).decode(errors="replace")
    if code is None:
        raise subprocess.TimeoutExpired(argv, timeout, output=out, stderr=err)
    return subprocess.CompletedProcess(argv, code, out, err)
