"""Extensions loaded by the bot at start-up."""
