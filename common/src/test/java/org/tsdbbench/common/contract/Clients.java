package org.tsdbbench.common.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Clients of a contract's load, each on its own thread at once: the sum of what each returns (rows acknowledged). */
final class Clients {

    private Clients() {
    }

    /** Runs {@code client.apply(i)} for i in {@code [0, clients)} at once; the sum of their results, or the first one's failure. */
    static long sum(int clients, IntFunction<Callable<Long>> client) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Long>> running = new ArrayList<>();
            for (int i = 0; i < clients; i++) running.add(pool.submit(client.apply(i)));
            long sum = 0;
            for (Future<Long> f : running) sum += f.get();
            return sum;
        } finally {
            pool.shutdownNow();
        }
    }
}
