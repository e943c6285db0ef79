import Testing

/// The types below exist only because FlowGraphPlugin generated FlowRouter.swift from App.flow
/// while this target was built: no generated file is checked in.
@Suite struct PluginTests {
    @Test func stepsCarryTheirInputs() {
        let steps: [Notes.Step] = [.noteList, .noteDetail(note: NoteID(7)), .settings, .signIn]
        #expect(Set(steps).count == 4)
        #expect(Notes.Step.noteDetail(note: NoteID(7)) == .noteDetail(note: NoteID(7)))
        #expect(Notes.Step.noteDetail(note: NoteID(7)) != .noteDetail(note: NoteID(8)))
    }

    @Test func eventsCarryTheirPayloads() {
        let event = Notes.Event.notePicked(note: NoteID(3))
        guard case .notePicked(let note) = event else {
            Issue.record("expected notePicked, got \(event)")
            return
        }
        #expect(note == NoteID(3))
        let events: [Notes.Event] = [.settingsTapped, .shareTapped, .backTapped, .doneTapped]
        #expect(events.count == 4)
    }

    @Test func subflowExitsCarryTheirPayloads() {
        let user = User(name: "Ada")
        let exits: [SignInFlow.Exit] = [.signedIn(user: user), .cancelled]
        let signedIn = exits.compactMap { exit -> User? in
            if case .signedIn(let user) = exit { return user } else { return nil }
        }
        #expect(signedIn == [user])
        let event = SignInFlow.Event.submitted(user: user)
        if case .submitted(let submitted) = event { #expect(submitted == user) }
        #expect(SignInFlow.Step.credentials == .credentials)
    }
}
