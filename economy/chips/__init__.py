"""Chips at tables: caves and cash-outs, deals, settlement, rake, taverns, conservation."""
