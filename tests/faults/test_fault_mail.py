"""The fault run's mail sink and its check (faults/mail.py): a message whose sender is
killed before the sink answers is not delivered, and ``every_mail_exactly_once`` fails on a
mail lost or sent under two Message-IDs."""

import smtplib
import socket
import threading
from email.message import EmailMessage

import pytest

from faults.mail import BUYER, FORGETFUL, TURN_TABLE, MailScene, MailSink, Trap
from faults.services import free_port


@pytest.fixture
def sink():
    sink = MailSink(free_port())
    sink.start()
    yield sink
    sink.stop()


def sent(sink, to, message_id, subject="Bonjour"):
    message = EmailMessage()
    message["Subject"], message["Message-ID"], message["From"], message["To"] = (
        subject, message_id, "taverne@example.com", to)
    message.set_content("Bonjour")
    with smtplib.SMTP("127.0.0.1", sink.port, timeout=10) as client:
        client.send_message(message)


def test_a_message_whose_sender_dies_before_the_answer_is_not_delivered(sink):
    sink.arm(Trap("receipt", "before_answer", recipient=BUYER))
    client = smtplib.SMTP("127.0.0.1", sink.port, timeout=10)
    sending = threading.Thread(target=lambda: pytest.raises(
        smtplib.SMTPServerDisconnected, client.sendmail, "taverne@example.com", [BUYER],
        "Subject: Recu\r\nMessage-ID: <receipt-1@t>\r\n\r\nBonjour\r\n"))
    sending.start()
    assert sink.sprung.get(timeout=10).name == "receipt"
    client.sock.shutdown(socket.SHUT_RDWR)  # the worker killed
    sending.join(10)

    sent(sink, BUYER, "<receipt-1@t>")  # its task run again
    assert [m["accepted"] for m in sink.messages] == [False, True]


def scene_after(sink, *mails):
    scene = MailScene(sink, manage=None, env={}, say=print)
    scene.kills = [{"trap": trap.name} for trap in scene.traps]
    for to, message_id, subject in mails:
        sent(sink, to, message_id, subject)
    return scene.check()


EVERY_MAIL = [("postier1@example.com", "<turn-1@t>", f"À vous de jouer : {TURN_TABLE}"),
              (BUYER, "<receipt-1@t>", "Reçu"), (FORGETFUL, "<mail-1@t>", "Mot de passe")]


def test_each_mail_once_or_twice_under_one_message_id_passes(sink):
    assert scene_after(sink, *EVERY_MAIL, EVERY_MAIL[2]).ok


def test_a_mail_under_two_message_ids_fails(sink):
    assert not scene_after(sink, *EVERY_MAIL, (FORGETFUL, "<other@t>", "Mot de passe")).ok


def test_a_mail_lost_fails(sink):
    assert not scene_after(sink, *EVERY_MAIL[1:]).ok
