"""This game's browser presenter: presenter.js (what the table page draws for its view) and its CSS, served at /games/<game>/web/ (cardhall.web.presenters)."""
