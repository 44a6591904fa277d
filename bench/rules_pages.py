"""Benchmark of the rules pages: throughput and latency of a rules page next to the
smallest Django view (``/regles/_ping/``), both served by ONE daphne process, in the same run.

    python bench/rules_pages.py [--page /regles/ramponneau/] [--clients 8] [--seconds 10]

A fresh SQLite file is migrated and loaded with ``load_content`` (or DATABASE_URL's
database is used as it is). Each of the two URLs is measured in turns (ping, page, ping,
page) by ``--clients`` keep-alive HTTP/1.1 connections sending requests back to back.
Prints one JSON object: requests per second and latency (p50, p99, ms) for each, and the
ratio page/ping of the throughputs (the issue's aim: at least 0.5).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.ws_tables import summary  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def client(host, port, path, deadline, latencies):
    reader, writer = await asyncio.open_connection(host, port)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept-Language: fr\r\n\r\n".encode()
    try:
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            writer.write(request)
            await writer.drain()
            status = await reader.readline()
            length = 0
            chunked = False
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "transfer-encoding" and "chunked" in value:
                    chunked = True
            if chunked:
                while True:
                    size = int((await reader.readline()).strip(), 16)
                    await reader.readexactly(size + 2)
                    if size == 0:
                        break
            else:
                await reader.readexactly(length)
            if not status.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"{path}: {status!r}")
            latencies.append((time.perf_counter() - start) * 1000)
    finally:
        writer.close()


async def measure(host, port, path, clients, seconds):
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    await asyncio.gather(*(client(host, port, path, deadline, latencies) for _ in range(clients)))
    elapsed = time.perf_counter() - start
    return len(latencies) / elapsed, latencies


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="/regles/ramponneau/")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args(argv)

    env = dict(os.environ, DJANGO_SETTINGS_MODULE="bench.ws_settings", PYTHONPATH=str(ROOT))
    tmp = tempfile.TemporaryDirectory()
    env["BENCH_SQLITE"] = str(Path(tmp.name) / "bench.sqlite3")
    python = sys.executable
    for command in (["migrate", "--verbosity", "0"], ["load_content", "--verbosity", "0"]):
        subprocess.run([python, str(ROOT / "manage.py"), *command], env=env, check=True, cwd=ROOT)
    port = free_port()
    daphne = subprocess.Popen(
        [python, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        targets = {"ping": "/regles/_ping/", "page": args.page}
        results = {name: {"rps": [], "latencies": []} for name in targets}
        for path in targets.values():  # warm up (imports, the page cache)
            asyncio.run(measure("127.0.0.1", port, path, 2, 1.0))
        for _ in range(2):
            for name, path in targets.items():
                rps, latencies = asyncio.run(
                    measure("127.0.0.1", port, path, args.clients, args.seconds / 2)
                )
                results[name]["rps"].append(rps)
                results[name]["latencies"] += latencies
    finally:
        daphne.terminate()
        daphne.wait(timeout=10)
        tmp.cleanup()
    out = {
        "server": "daphne, 1 process",
        "database": "postgresql" if os.environ.get("DATABASE_URL") else "sqlite",
        "clients": args.clients,
        "seconds_per_url": args.seconds,
    }
    for name, path in targets.items():
        rps = sum(results[name]["rps"]) / len(results[name]["rps"])
        out[name] = {
            "path": path,
            "requests_per_second": round(rps, 1),
            **summary(results[name]["latencies"]),
        }
    out["ratio_page_to_ping"] = round(
        out["page"]["requests_per_second"] / out["ping"]["requests_per_second"], 3
    )
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
