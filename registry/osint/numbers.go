package osint
