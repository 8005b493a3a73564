package org.tsdbbench.common.query;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;

/**
 * The devices' {@link Answers}: the exact answers of a data set ({@link ExpectedAnswers}) with the
 * spec its queries are rendered for (a dialect bounds q1 and q4 by the data set's time range).
 */
public record DeviceAnswers(WorkloadSpec spec, ExpectedAnswers expected) implements Answers {

    /** The queries {@link #fingerprint} tries, in order. */
    private static final List<String> FINGERPRINTS = List.of("q2.sum.p100", "q2.avg.p100", "q2.max.p100");

    @Override
    public long totalRows() {
        return expected.totalRows();
    }

    /** q1..q5 of the spec's catalog, in its order. */
    @Override
    public PreparedCatalog prepare(Dialect anyDialect) {
        DeviceDialect dialect = DeviceDialect.of(anyDialect);
        List<PreparedQuery> queries = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (LogicalQuery q : spec.catalog()) {
            Optional<String> text = dialect.render(q, spec);
            if (text.isPresent()) queries.add(prepared(q, text.get(), dialect));
            else absent.add(q.id());
        }
        return new PreparedCatalog(queries, absent);
    }

    @Override
    public PreparedQuery prepare(String id, String text, Dialect dialect) {
        return prepared(LogicalQuery.parse(id), text, DeviceDialect.of(dialect));
    }

    private PreparedQuery prepared(LogicalQuery q, String text, DeviceDialect dialect) {
        return new PreparedQuery(q, text, dialect.shaper(q), expected.answer(q));
    }

    /** One value over every row: the sum of every device's temperature, else their mean or maximum. */
    @Override
    public Optional<PreparedQuery> fingerprint(Dialect anyDialect) {
        DeviceDialect dialect = DeviceDialect.of(anyDialect);
        for (String id : FINGERPRINTS) {
            LogicalQuery q = LogicalQuery.parse(id);
            Optional<String> text = dialect.render(q, spec);
            if (text.isPresent()) return Optional.of(prepared(q, text.get(), dialect));
        }
        return Optional.empty();
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        expected.writeTo(out);
    }
}
