"""The pages' facts and claims: what each page shows, asked of a game's engine, and the
sentences it states, played in that engine."""
