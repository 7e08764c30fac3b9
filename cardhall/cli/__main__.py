"""`python -m cardhall.cli`: the `cardhall` command."""

from cardhall.cli import main

main()
