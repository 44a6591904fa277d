"""A stand-in push service for the tests: an HTTP endpoint on this machine that keeps what
it is sent, and a browser's subscription to it whose private keys the test holds, so that a
push is read back as the phone would read it (RFC 8291), with no network."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


@dataclass
class PushService:
    """Answers each POST with ``status`` (201 by default) and keeps it."""

    status: int = 201
    received: list[Received] = field(default_factory=list)

    def start(self):
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                headers = {name.lower(): value for name, value in self.headers.items()}
                service.received.append(Received(self.path, headers, self.rfile.read(length)))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Device:
    """A browser's subscription: its endpoint at the service and the keys it holds."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh,
                                                     "auth": b64url(self.auth)}}

    def read(self, received: Received) -> dict:
        """The push decrypted with this device's private key and secret."""
        assert received.headers.get("content-encoding") == "aes128gcm"
        clear = http_ece.decrypt(received.body, private_key=self.key,
                                 auth_secret=self.auth, version="aes128gcm")
        return json.loads(clear)


def vapid_claims(received: Received, public_key: str) -> dict:
    """The VAPID token's claims, once its signature is checked against the site's public key
    (``Authorization: vapid t=<JWT>, k=<key>``); raises if it does not verify."""
    scheme, _, params = received.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    values = dict(part.strip().split("=", 1) for part in params.split(","))
    assert values["k"] == public_key
    header, claims, signature = values["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    try:
        key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise AssertionError("the VAPID signature does not verify") from error
    return json.loads(unb64url(claims))
