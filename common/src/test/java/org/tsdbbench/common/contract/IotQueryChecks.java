package org.tsdbbench.common.contract;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.workload.ResultCheck;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.ResultSink;

/** Every IoT query a dialect renders of a data set, run through a session and checked against the exact answers. */
public final class IotQueryChecks {

    /** The mismatches, one line each (with the query's text), and the query types that returned rows. */
    public record Outcome(List<String> mismatches, Set<IotQueryType> withRows) {
    }

    private IotQueryChecks() {
    }

    public static Outcome run(Session s, Dialect anyDialect, IotSpec spec, List<IotQuery> queries, IotAnswers answers) {
        IotDialect dialect = IotDialect.of(anyDialect);
        List<String> problems = new ArrayList<>();
        Set<IotQueryType> withRows = EnumSet.noneOf(IotQueryType.class);
        for (IotQuery q : queries) {
            String text = dialect.render(q, spec).orElse(null);
            if (text == null) continue;
            ResultCheck check = answers.answer(q).newCheck();
            ResultSink sink = dialect.shaper(q).shape(new ResultSink() {
                @Override
                public void row(double[] values) {
                    throw new AssertionError("rows come with their texts");
                }

                @Override
                public void row(double[] values, String[] texts) {
                    check.row(values, texts);
                }
            });
            try {
                s.query(text, sink);
            } catch (DatabaseException e) {
                problems.add(q.id() + ": " + e.getMessage());
                continue;
            }
            sink.end();
            String problem = check.mismatch();
            if (problem != null) problems.add(problem + "\n    [" + text + "]");
            if (check.rows() > 0) withRows.add(q.type());
        }
        return new Outcome(problems, withRows);
    }
}
