package org.tsdbbench.opentsdb.bench;

import org.tsdbbench.common.bench.WriteBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.opentsdb.OpenTsdbDatabase;

/** The write test against OpenTSDB; runs from an IDE against the TSD at 127.0.0.1:4242. */
public class OpenTsdbWrite extends WriteBenchmarkBase {
    @Override
    protected Database database() {
        return new OpenTsdbDatabase();
    }
}
