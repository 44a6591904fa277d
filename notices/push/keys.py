"""The site's VAPID key pair: what a push service checks that a push comes from us.

Read from the environment (``VAPID_PUBLIC_KEY``, ``VAPID_PRIVATE_KEY``, settings); in the
embedded mode, where nobody sets them, ``make run`` writes a pair once to a file outside
the repository (``VAPID_KEYS_FILE``, ``manage.py vapid_keys``) that the settings read.
Keys are base64url: the private key's 32 raw bytes, the public key's uncompressed point
(65 bytes), the form a browser's ``applicationServerKey`` takes."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_key_pair() -> dict[str, str]:
    """A fresh P-256 pair as ``{"public": ..., "private": ...}`` (base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"public": b64url(public), "private": b64url(private)}


def read_key_file(path: Path) -> dict[str, str]:
    """The pair kept in ``path``, or an empty dict when there is none (yet)."""
    try:
        pair = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    return pair if isinstance(pair, dict) and pair.get("public") and pair.get("private") else {}


def write_key_file(path: Path) -> tuple[dict[str, str], bool]:
    """Keep a pair in ``path`` unless one is there: (the pair, whether it was made now)."""
    pair = read_key_file(path)
    if pair:
        return pair, False
    pair = new_key_pair()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(pair))
    path.chmod(0o600)
    return pair, True
