import Testing
@testable import FlowGraph

@Suite("Name resolution and payloads")
struct ResolverTests {
    @Test func unknownNamesSuggestTheClosestOne() throws {
        let result = compile("""
            flow App {
                start Home
                step Home { on open -> push Detial }
                step Detail
            }
            """)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "flow 'App' has no step named 'Detial'")
        #expect(diagnostic.notes.map(\.message) == ["did you mean 'Detail'?"])
    }

    @Test func duplicatesAndMissingStart() {
        #expect(findings("""
            flow App {
                step A(x: Int, x: Int)
                step A
                exit e
                exit e
                guard g
                guard g
            }
            flow App {
                start B
                step B
            }
            """) == [
                "1:6: error [missing-start] flow 'App' has no 'start' step",
                "2:20: error [duplicate-name] 'x' is declared more than once in the same list",
                "3:10: error [duplicate-name] step 'A' is declared more than once in flow 'App'",
                "5:10: error [duplicate-name] exit 'e' is declared more than once in flow 'App'",
                "7:11: error [duplicate-name] guard 'g' is declared more than once in flow 'App'",
                "9:6: error [duplicate-name] flow 'App' is declared more than once",
            ])
    }

    @Test func payloadsSupplyInputsByNameAndType() {
        #expect(findings("""
            flow App {
                start Home
                step Home {
                    on a -> push Movie
                    on b(movie: String) -> push Movie
                    on c(movie: MovieID, extra: Int) -> push Movie
                }
                step Movie(movie: MovieID)
            }
            """) == [
                "4:17: error [input-mismatch] event 'a' does not supply input 'movie: MovieID' of step 'Movie'",
                "5:32: error [input-mismatch] event 'b' supplies 'movie' as 'String', but step 'Movie' needs 'MovieID'",
            ])
    }

    @Test func exitHandlersMatchTheExitOrOmitThePayload() {
        let subflow = "flow Login {\n start F\n step F { on ok(user: User) -> exit done }\n exit done(user: User)\n}\n"
        #expect(rules(subflow + "flow App {\n start H\n step H runs Login { on done -> push P }\n step P(user: User)\n}").isEmpty)
        #expect(rules(subflow + "flow App {\n start H\n step H runs Login { on done(user: User) -> push P }\n step P(user: User)\n}").isEmpty)
        #expect(rules(subflow + "flow App {\n start H\n step H runs Login { on done(user: String) -> push P }\n step P\n}") == ["input-mismatch"])
    }

    @Test func aSubflowStartTakesItsInputsFromTheStepThatRunsIt() {
        let subflow = "flow Movie {\n start Overview\n step Overview(movie: MovieID)\n}\n"
        #expect(rules(subflow + "flow App {\n start H\n step H { on p(movie: MovieID) -> push M }\n step M(movie: MovieID) runs Movie\n}").isEmpty)
        #expect(rules(subflow + "flow App {\n start H\n step H { on p -> push M }\n step M runs Movie\n}") == ["input-mismatch"])
    }

    @Test func oneEventOnePayloadPerFlow() {
        #expect(rules("""
            flow App {
                start A
                step A { on picked(id: Int) -> push B }
                step B { on picked(id: String) -> push A }
            }
            """) == ["payload-conflict"])
    }

    @Test func runsStepsHandleOnlyExitsAndSelectNeedsTabs() {
        #expect(findings("""
            flow App {
                start H
                step H runs Login { on finished -> select H }
            }
            flow Login {
                start F
                step F { on ok -> exit done }
                exit done
            }
            """) == [
                "3:28: error [unknown-exit] step 'H' runs flow 'Login', which has no exit named 'finished'; "
                    + "the 'on' clauses of a step that runs a flow handle only its exits",
                "3:40: error [select-outside-tabs] 'select' can only switch tabs, and flow 'App' is not a tabs flow",
            ])
    }

    @Test func linkPatternsAndPlaceholders() {
        let flow = { (link: String) in "flow App {\n start H\n step H { on p(id: Int) -> push M }\n step M(id: Int)\n link \(link) -> M\n}" }
        #expect(rules(flow(#""/m/{id}""#)).isEmpty)
        #expect(rules(flow(#""app://m/{id}?from=push""#)).isEmpty)
        #expect(rules(flow(#""/m""#)) == ["link-mismatch"])
        #expect(rules(flow(#""/m/{id}/{other}""#)) == ["link-mismatch"])
        #expect(rules(flow(#""m/{id}""#)) == ["syntax"])
        #expect(rules(flow(#""/m/x{id}""#)).isEmpty)  // a placeholder inside a segment
        #expect(rules(flow(#""/m/x{id}{b}""#)) == ["syntax"])  // two in one segment
        #expect(rules("flow App {\n start H\n step H { on p(ids: [Int]) -> push M }\n step M(ids: [Int])\n link \"/m/{ids}\" -> M\n}")
            == ["link-mismatch"])
    }
}
