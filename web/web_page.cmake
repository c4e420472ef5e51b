# The browser build's page: filled in below.
