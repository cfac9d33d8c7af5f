"""A Discord bot hosting Drama Pukul 7, Laga Jakarta, Mat Goceng and DRUMP."""
