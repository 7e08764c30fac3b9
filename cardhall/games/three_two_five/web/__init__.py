"""This game's pictures at the browser's table page: presenter.js (what the page draws for its view)
and its CSS, served at /games/<game>/web/ by cardhall.web.presenters."""
