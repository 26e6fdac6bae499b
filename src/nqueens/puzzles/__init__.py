"""Puzzles."""
