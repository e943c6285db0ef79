# The two commands of the README.
#   make demo   checks the sample apps, generates their Swift routers and renders their diagrams
#               (svg, png, pdf, Mermaid, and the page to explore, html) into out/, and redraws the
#               README's diagram, docs/shop.svg
#   make test   (scripts/test) checks the Swift style (scripts/lint: no new line longer than
#               .swift-format's lineLength), builds and runs the whole test suite, and beside it a
#               short fuzz run (scripts/fuzz: the seeds, every one also drawn and replayed on the
#               navigator, then mutations up to 20 s; and 3 of its generated routers type-checked by
#               swiftc and their diagrams laid out by dot; the harness is built without
#               optimization: a quarter of -O's build time, for a short run), checks that the
#               samples are formatted (flowgraph fmt --check), and prints the time of each part.
# Both install what the project needs when it is missing.

SWIFT ?= swift
OUT ?= out

.PHONY: demo test dependencies build

dependencies:
	@scripts/install-dependencies

# flowgraph, and the tools it starts for render and preview (docs/CLI.md), built as they are
# installed (scripts/release-build: on Linux with Swift's libraries linked in).
build: dependencies
	@for product in flowgraph flowgraph-render flowgraph-preview; do \
		SWIFT=$(SWIFT) scripts/release-build --product $$product || exit 1; \
	done

FLOWGRAPH = .build/release/flowgraph
APPS = shop movies mail

# out/ holds only what demo writes: --force replaces pictures that FlowGraph versions before
# signed outputs (docs/Reliability.md) left there.
demo: build
	@mkdir -p $(OUT)
	$(FLOWGRAPH) check --strict samples
	$(FLOWGRAPH) check --format sarif samples > $(OUT)/samples.sarif
	$(FLOWGRAPH) test samples
	$(FLOWGRAPH) test --format junit samples > $(OUT)/journeys.xml
	$(FLOWGRAPH) journeys --cover transitions,guards samples/shop -o $(OUT)/ShopCoverage.flow
	$(FLOWGRAPH) test samples/shop $(OUT)/ShopCoverage.flow > /dev/null
	$(FLOWGRAPH) coverage samples/shop/ShopJourneys.flowrec --program samples/shop > $(OUT)/shop-coverage.txt
	$(FLOWGRAPH) render samples/shop --coverage samples/shop/ShopJourneys.flowrec -o $(OUT)/shop-coverage.html --force
	@for app in $(APPS); do \
		$(FLOWGRAPH) generate samples/$$app -o $(OUT)/$$app || exit 1; \
		for format in svg png pdf mmd html; do \
			$(FLOWGRAPH) render samples/$$app -o $(OUT)/$$app.$$format --force || exit 1; \
		done; \
	done
	$(FLOWGRAPH) render samples/shop -o docs/shop.svg
	@echo "Reports, routers (out/APP/FlowRouter.swift) and diagrams written to $(OUT)/; README diagram: docs/shop.svg"

test: dependencies
	SWIFT=$(SWIFT) scripts/test
