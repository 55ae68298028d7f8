"""Tests of the pure scorer package."""

from __future__ import annotations
