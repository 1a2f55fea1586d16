"""`proact import pibench`: read a π-Bench checkout at run time and write proact personas (README, "Importing
π-Bench"). Nothing of the original's text is part of this package or the repository."""
