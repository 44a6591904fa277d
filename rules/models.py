"""The rules of the five games: to come."""
