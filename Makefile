# The two commands of the README.
#   make demo   checks the sample apps (and, as FlowGraph grows, generates and renders them into out/)
#   make test   runs the whole test suite
# Both install what the project needs when it is missing.

SWIFT ?= swift
OUT ?= out

.PHONY: demo test dependencies build

dependencies:
	@scripts/install-dependencies

build: dependencies
	$(SWIFT) build -c release --product flowgraph

demo: build
	@mkdir -p $(OUT)
	.build/release/flowgraph check --strict samples
	.build/release/flowgraph check --format sarif samples > $(OUT)/samples.sarif
	@echo "SARIF report written to $(OUT)/samples.sarif"

test: dependencies
	$(SWIFT) test
