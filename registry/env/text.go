package env

// maxText bounds long free-text fields such as alert descriptions.
const maxText = 1000
