"""Tables, seats and hands: to come."""
