"""The economy's pages: the shop and the wallet, the cave's buttons, the tavern, contests."""
