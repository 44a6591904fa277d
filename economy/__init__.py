"""The economy: everything that counts like money (docs/economy.md).

The ledgers of tokens, écus and hand credits (``ledger``), buying tokens (``purchases``,
``payments``), the daily hand allowance and packs (``hands``), the starting grant
(``grants``), chips at tables (``chips``), contests (``contests``), what the economy does
with each game (``games``), its pages (``web``) and panels (``templatetags``). Play calls
it through ``interface`` only, and answers it through the table host it registers
(``host``).
"""
