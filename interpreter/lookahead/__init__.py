"""Looking ahead: the agents, search, the checkpoints and books that let a bot try an option and take it back, remembered answers, common luck."""
