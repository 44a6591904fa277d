"""Web Push (notices/push/): the devices a player asked to be told on, the VAPID keys the
site signs with, and the sender that ``notices.delivery`` runs in the worker."""
