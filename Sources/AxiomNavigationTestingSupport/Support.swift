// This target only links IssueReportingTestSupport into the `AxiomNavigationTesting` product, so
// the navigator's failures reach Swift Testing or XCTest in a user's test target.
import IssueReportingTestSupport
