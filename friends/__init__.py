"""Friends and blocks: whom a player follows (one way), whom they blocked (both ways
silenced). Other rooms ask through ``friends.interface``."""
