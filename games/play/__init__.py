"""Practice games against the computer: storage (:mod:`.store`), the cribbage table
(:mod:`.cribbage`), the pages (:mod:`.views`) and the API (:mod:`.api`)."""
