"""3-2-5 (Teen Do Paanch): three players, 30 cards, contracts of 2, 3 and 5 tricks, pulling cards."""
