package finance
