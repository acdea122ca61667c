"""Play by post: reminders, deadline votes and the overviews of a member's matches."""
