"""Rules stage: terminology, numbers, rule claims, executable game engines and the checks between them."""
