package org.tsdbbench.report;

import java.util.List;
import org.tsdbbench.report.RunResults.Database;

/**
 * What one report shows: the databases (possibly from several runs or machines, then labelled by
 * run) and the runs that did not complete, which the reports flag in a banner.
 */
record ReportData(List<Database> databases, List<String> incompleteRuns) {
    ReportData {
        databases = List.copyOf(databases);
        incompleteRuns = List.copyOf(incompleteRuns);
    }

    static ReportData of(List<Database> databases) {
        return new ReportData(databases, List.of());
    }
}
