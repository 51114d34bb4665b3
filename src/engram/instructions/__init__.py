"""Instruction files of other tools: bringing them in as memories (`engram import`) and writing
the memories out as them (`engram export`)."""
