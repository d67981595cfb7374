import LifescriptCLI

Lifescript.runAndExit()
