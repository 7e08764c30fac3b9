from cardhall.cli import main

main()
